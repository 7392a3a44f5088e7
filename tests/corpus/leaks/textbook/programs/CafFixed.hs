-- The readings made by a function of the run's size: each pass builds and
-- drops its own list, nothing keeps it.
module Main (main) where

import System.Environment (getArgs)

readings :: Int -> [Double]
readings n = [sin (fromIntegral k) * 100 | k <- [1 .. n]]
{-# NOINLINE readings #-}

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1200000
  print (sum (readings n))
  print (length (filter (> 50) (readings (n + 0))))
  print (maximum (readings (n - 0)))
