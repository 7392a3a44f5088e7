{-# LANGUAGE BangPatterns #-}
-- Closure.hs fixed: each callback captures the length it needs, computed
-- at once, not the block it came from.
module Main (main) where

import Data.IORef
import Control.Monad (forM_)

block :: Int -> [Int]
block k = [k .. k + 300]

-- Some work on each block, so that the run is long enough to sample.
work :: [Int] -> Int
work xs = sum [x * j | j <- [1 .. 20], x <- xs]

main :: IO ()
main = do
  callbacks <- newIORef []
  forM_ [1 .. 4000 :: Int] $ \k -> do
    let xs = block k
        !n0 = length xs
    work xs `seq` modifyIORef' callbacks ((\n -> n + n0) :)
  cs <- readIORef callbacks
  print (sum (map ($ 1) cs))
