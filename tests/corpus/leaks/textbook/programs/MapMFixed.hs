-- Each result folded in as it is made: constant stack and heap.
module Main (main) where

import Control.Monad (foldM)
import Data.IORef
import System.Environment (getArgs)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 800000 :: Int
  ref <- newIORef (0 :: Int)
  total <- foldM (\acc k -> do modifyIORef' ref (+ 1); c <- readIORef ref; return $! acc + (k * c) `mod` 1009) 0 [1 .. n]
  print total
