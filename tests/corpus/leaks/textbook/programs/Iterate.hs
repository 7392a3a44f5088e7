-- A simulation built with iterate, kept by its consumer: the states are
-- walked once for the peak energy, but the first and last are asked for
-- afterwards, so every state between stays live.
{-# LANGUAGE BangPatterns #-}
module Main (main) where

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
  print (maximum (map energy history))
  let World t0 _ _ = head history
      World t1 x1 _ = last history
  print (t0, t1, x1)
