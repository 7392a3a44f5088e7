-- foldl with a lazy accumulator: the pair is rebuilt at each step but its
-- components are never forced, so each is a chain of (+) thunks as long as
-- the input, forced only by the final print.
module Main (main) where

import System.Environment (getArgs)

stats :: [Int] -> (Int, Int)
stats = foldl step (0, 0)
  where
    step (s, q) x = (s + x, q + x * x `mod` 7)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1500000 :: Int
  let (s, q) = stats [1 .. n]
  print s
  print q
