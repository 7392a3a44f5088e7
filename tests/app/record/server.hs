-- A request loop that keeps every request it serves in a journal, as a
-- server that never trims its log does: a batch of requests, then a wait
-- for the next (threadDelay), as a server waits for its clients. Its heap
-- grows batch by batch. Arguments: requests a batch (default 20000),
-- batches (default 12), the wait in milliseconds (default 150).
import Control.Concurrent
import Control.Monad
import Data.IORef
import System.Environment

main :: IO ()
main = do
  args <- getArgs
  let arg k d = case drop k args of (a : _) -> read a; _ -> d
      per = arg 0 20000 :: Int
      batches = arg 1 12 :: Int
      pause = arg 2 150 :: Int
  journal <- newIORef []
  forM_ [1 .. batches] $ \b -> do
    forM_ [1 .. per] $ \i ->
      modifyIORef' journal (\j -> let r = "request " ++ show (b * per + i) in length r `seq` (r : j))
    threadDelay (pause * 1000)
  j <- readIORef journal
  print (length j)
