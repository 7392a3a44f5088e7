-- Retention through a closure: each registered callback captures a whole
-- block of data although it needs only its length, and the callbacks are
-- kept until the end, when they are all run.
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
    work xs `seq` modifyIORef' callbacks ((\n -> n + length xs) :)
  cs <- readIORef callbacks
  print (sum (map ($ 1) cs))
