-- The same pipeline through a bounded queue: the producer waits for room
-- (a QSem of 256 slots), so the queue never holds more than that.
module Main (main) where

import Control.Concurrent
import Control.Monad (forM_)
import System.Environment (getArgs)

work :: Int -> Int
work k = sum [(k * j) `mod` 11 | j <- [1 .. 60]]

producer :: QSem -> Chan Int -> Int -> IO ()
producer room ch n = forM_ [1 .. n] $ \k -> waitQSem room >> writeChan ch (k * 3)

consumer :: QSem -> Chan Int -> Int -> IO Int
consumer room ch m = go m 0
  where
    go 0 acc = return acc
    go i acc = do
      x <- readChan ch
      signalQSem room
      let acc' = acc + work x
      acc' `seq` go (i - 1) acc'

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1200000 :: Int
  ch <- newChan
  room <- newQSem 256
  _ <- forkIO (producer room ch n)
  done <- newEmptyMVar
  _ <- forkIO (consumer room ch (n `div` 4) >>= putMVar done)
  takeMVar done >>= print
