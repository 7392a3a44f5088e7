-- The mean in one strict pass: each cell is dropped as soon as it is added.
{-# LANGUAGE BangPatterns #-}
module Main (main) where

import Data.List (foldl')
import System.Environment (getArgs)

mean :: [Double] -> Double
mean xs = total / fromIntegral count
  where
    (total, count) = foldl' step (0, 0 :: Int) xs
    step (!s, !c) x = (s + x, c + 1)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 2500000 :: Int
  print (mean [fromIntegral k * 0.5 | k <- [1 .. n]])
