-- A list kept in an IORef: `logEvent` conses every event onto a list that
-- main's IORef holds to the end. Made by `logEvent`, held by main (the
-- IORef, a mutable object made in main). An argument sets how many events.
import Control.Monad
import Data.IORef
import System.Environment

data Event = Event !Int !Int

logEvent :: IORef [Event] -> Int -> IO ()
logEvent ref i = modifyIORef' ref (Event i (i * 3) :)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of (a : _) -> read a; _ -> 300000
  ref <- newIORef []
  forM_ [1 .. n] $ \i -> logEvent ref i
  es <- readIORef ref
  print (length es, sum [a + b | Event a b <- es])
