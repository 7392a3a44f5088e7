-- The textbook leak: the mean of a list shared by sum and length. sum
-- walks the whole list while length still needs its head, so every cell
-- (and every element) stays live until length is done.
module Main (main) where

import System.Environment (getArgs)

mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 2500000 :: Int
  print (mean [fromIntegral k * 0.5 | k <- [1 .. n]])
