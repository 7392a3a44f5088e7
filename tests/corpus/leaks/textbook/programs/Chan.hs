-- An unbounded Chan: the producer writes faster than the consumer reads,
-- so the queue (an MVar and a ChItem per message) grows for the whole run;
-- the program ends when the consumer has done its share, queue still full.
module Main (main) where

import Control.Concurrent
import Control.Monad (forM_)
import System.Environment (getArgs)

work :: Int -> Int
work k = sum [(k * j) `mod` 11 | j <- [1 .. 60]]

producer :: Chan Int -> Int -> IO ()
producer ch n = forM_ [1 .. n] $ \k -> writeChan ch (k * 3)

consumer :: Chan Int -> Int -> IO Int
consumer ch m = go m 0
  where
    go 0 acc = return acc
    go i acc = do
      x <- readChan ch
      let acc' = acc + work x
      acc' `seq` go (i - 1) acc'

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1200000 :: Int
  ch <- newChan
  _ <- forkIO (producer ch n)
  done <- newEmptyMVar
  _ <- forkIO (consumer ch (n `div` 4) >>= putMVar done)
  takeMVar done >>= print
