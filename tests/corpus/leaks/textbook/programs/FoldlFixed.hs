-- foldl' with both components forced at each step.
{-# LANGUAGE BangPatterns #-}
module Main (main) where

import Data.List (foldl')
import System.Environment (getArgs)

stats :: [Int] -> (Int, Int)
stats = foldl' step (0, 0)
  where
    step (!s, !q) x = (s + x, q + x * x `mod` 7)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1500000 :: Int
  let (s, q) = stats [1 .. n]
  print s
  print q
