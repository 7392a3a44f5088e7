-- A linear leak: every request is appended to a journal that is read only
-- at the end, so the journal's list grows for the whole run and is freed
-- only when it is finally consumed.
module Main (main) where

import Data.IORef
import Control.Monad (forM_, when)

data Request = Request !Int String

handle :: Int -> IORef [Request] -> IO Int
handle k journal = do
  modifyIORef' journal (Request k (show k) :)
  return (k * 7 `mod` 13)

main :: IO ()
main = do
  journal <- newIORef []
  total <- newIORef (0 :: Int)
  forM_ [1 .. 600000 :: Int] $ \k -> do
    r <- handle k journal
    modifyIORef' total (+ r)
    when (k `mod` 200000 == 0) (readIORef total >>= print)
  js <- readIORef journal
  print (sum [length s | Request _ s <- js])
