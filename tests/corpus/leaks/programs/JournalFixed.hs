-- Journal.hs fixed: each request is summarised as it comes and only the
-- strict summary is kept.
module Main (main) where

import Data.IORef
import Control.Monad (forM_, when)

work :: Int -> Int
work k = sum [(k * j) `mod` 7 | j <- [1 .. 40]]

handle :: Int -> IORef Int -> IO Int
handle k summary = do
  modifyIORef' summary (+ length (show k))
  return (work k)

main :: IO ()
main = do
  summary <- newIORef 0
  total <- newIORef (0 :: Int)
  forM_ [1 .. 300000 :: Int] $ \k -> do
    r <- handle k summary
    modifyIORef' total (+ r)
    when (k `mod` 100000 == 0) (readIORef total >>= print)
  readIORef summary >>= print
