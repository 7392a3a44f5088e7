-- Healthy: each unit of work builds its data, uses it and drops it, so the
-- heap rises and falls per unit and comes back to its floor.
module Main (main) where

import qualified Data.Map.Strict as M
import Control.Monad (forM_)

compileUnit :: Int -> Int
compileUnit u =
  let symbols = M.fromList [(k, show (k * u)) | k <- [1 .. 20000 :: Int]]
  in M.foldl' (\a s -> a + length s) 0 symbols

main :: IO ()
main = forM_ [1 .. 60] $ \u -> print (compileUnit u)
