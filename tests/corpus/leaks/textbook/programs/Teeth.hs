-- A batch job in phases: each phase builds a table of the same size, sums
-- it and drops it; the last phase's table is live when the program exits.
-- Teeth of one height on a flat floor: healthy.
module Main (main) where

import Control.Monad (forM_)
import qualified Data.Map.Strict as M
import System.Environment (getArgs)

phase :: Int -> Int -> Int
phase size p = M.foldl' (+) 0 table + M.size table
  where
    table = M.fromList [(k, (k * p) `mod` 97) | k <- [1 .. size]]

main :: IO ()
main = do
  args <- getArgs
  let size = case args of
        (a : _) -> read a
        _ -> 120000 :: Int
  forM_ [1 .. 8] $ \p -> print (phase size p)
