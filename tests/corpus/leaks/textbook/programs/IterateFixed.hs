-- The same simulation consumed in one strict pass: peak, first and last
-- kept as it goes, each state dropped once stepped past.
{-# LANGUAGE BangPatterns #-}
module Main (main) where

import Data.List (foldl')
import System.Environment (getArgs)

data World = World !Int !Double !Double

step :: World -> World
step (World t x v) = let a = negate x * 0.01 in World (t + 1) (x + v) (v + a)

energy :: World -> Double
energy (World _ x v) = x * x + v * v

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1200000 :: Int
  let history = take n (iterate step (World 0 1 0))
      !(World t0 _ _) = head history
      visit (!peak, _) w = (max peak (energy w), w)
      (peak, World t1 x1 _) = foldl' visit (0, World 0 0 0) history
  print peak
  print (t0, t1, x1)
