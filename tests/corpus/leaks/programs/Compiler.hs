-- Healthy, compiler-like: units of work of different sizes each build a
-- symbol table and code, use them and drop them; the heap rises and falls
-- per unit back to a flat floor, and the biggest unit makes the peak.
module Main (main) where

import qualified Data.Map.Strict as M
import Control.Monad (forM_)

unitSize :: Int -> Int
unitSize u = 4000 + (u * 7919) `mod` 23 * 1500

compileUnit :: Int -> Int
compileUnit u =
  let symbols = M.fromList [(k, show (k * u)) | k <- [1 .. unitSize u]]
      code = [length s + k | (k, s) <- M.toList symbols]
  in sum code + M.size symbols

main :: IO ()
main = forM_ [1 .. 72] $ \u -> print (compileUnit u)
