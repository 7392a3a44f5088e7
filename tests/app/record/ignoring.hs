-- Ignores SIGINT and SIGTERM, and runs until something stronger ends it.
-- It says "running" (flushed) once its handlers are in place.
import Control.Monad
import Data.IORef
import System.IO
import System.Posix.Signals

main :: IO ()
main = do
  _ <- installHandler sigINT Ignore Nothing
  _ <- installHandler sigTERM Ignore Nothing
  r <- newIORef (0 :: Int)
  forM_ [1 .. 100000 :: Int] $ \i -> modifyIORef' r (\x -> (x + i) `mod` 1000003)
  putStrLn "running"
  hFlush stdout
  forever $ modifyIORef' r (\x -> (x + sum [1 .. 1000]) `mod` 1000003)
