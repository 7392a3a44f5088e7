-- A lazy accumulator: `tally` adds to a counter in an IORef with the lazy
-- modifyIORef, so every update is a thunk that holds the one before it
-- until the end forces the chain. Made by `tally`, held by `tally` (each
-- thunk holds the one before), lag: made long before it is used.
import Control.Monad
import Data.IORef
import System.Environment

tally :: IORef Int -> Int -> IO ()
tally ref i = modifyIORef ref (+ (i `mod` 7))

main :: IO ()
main = do
  args <- getArgs
  let n = case args of (a : _) -> read a; _ -> 400000
  ref <- newIORef 0
  forM_ [1 .. n] $ \i -> tally ref i
  readIORef ref >>= print
