-- A linear leak: every request is handled (some work each) and appended to
-- a journal that is read only at the end, so the journal's list grows for
-- the whole run and is freed only when it is finally consumed.
module Main (main) where

import Data.IORef
import Control.Monad (forM_, when)

data Request = Request !Int !String

work :: Int -> Int
work k = sum [(k * j) `mod` 7 | j <- [1 .. 40]]

handle :: Int -> IORef [Request] -> IO Int
handle k journal = do
  let s = show k
  length s `seq` modifyIORef' journal (Request k s :)
  return (work k)

main :: IO ()
main = do
  journal <- newIORef []
  total <- newIORef (0 :: Int)
  forM_ [1 .. 300000 :: Int] $ \k -> do
    r <- handle k journal
    modifyIORef' total (+ r)
    when (k `mod` 100000 == 0) (readIORef total >>= print)
  js <- readIORef journal
  print (sum [length s | Request _ s <- js])
