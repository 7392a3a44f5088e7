-- Healthy: a stream processed in constant space, each record made, folded
-- into a strict summary and dropped.
module Main (main) where

import Data.List (foldl')

data Summary = Summary !Int !Int

step :: Summary -> Int -> Summary
step (Summary n total) k = let line = show (k * 31) in Summary (n + 1) (total + length line)

main :: IO ()
main = do
  let Summary n total = foldl' step (Summary 0 0) [1 .. 10000000 :: Int]
  print (n, total)
