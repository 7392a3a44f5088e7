-- A lazy State accumulator: the state record's fields are lazy, so each
-- modify wraps the previous totals in another thunk, forced at the end.
module Main (main) where

import Control.Monad (forM_)
import Control.Monad.Trans.State (execState, modify)
import System.Environment (getArgs)

data Totals = Totals {events :: Int, weight :: Int}

record :: Int -> Totals -> Totals
record k t = t {events = events t + 1, weight = weight t + k `mod` 13}

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1000000 :: Int
  let t = execState (forM_ [1 .. n] (modify . record)) (Totals 0 0)
  print (events t)
  print (weight t)
