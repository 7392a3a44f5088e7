-- modifyIORef': each count forced as it is stored.
module Main (main) where

import Control.Monad (forM_, when)
import Data.IORef
import System.Environment (getArgs)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1500000 :: Int
  hits <- newIORef (0 :: Int)
  seen <- newIORef (0 :: Int)
  forM_ [1 .. n] $ \k -> do
    modifyIORef' seen (+ 1)
    when (k `mod` 3 /= 0) $ modifyIORef' hits (+ k `mod` 10)
  readIORef seen >>= print
  readIORef hits >>= print
