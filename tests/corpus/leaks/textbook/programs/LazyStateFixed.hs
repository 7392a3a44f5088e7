-- The same accumulator with strict fields and modify': forced each step.
module Main (main) where

import Control.Monad (forM_)
import Control.Monad.Trans.State.Strict (execState, modify')
import System.Environment (getArgs)

data Totals = Totals {events :: !Int, weight :: !Int}

record :: Int -> Totals -> Totals
record k t = t {events = events t + 1, weight = weight t + k `mod` 13}

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1000000 :: Int
  let t = execState (forM_ [1 .. n] (modify' . record)) (Totals 0 0)
  print (events t)
  print (weight t)
