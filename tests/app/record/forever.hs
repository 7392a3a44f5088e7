-- Runs until a signal ends it, its heap small and busy. It says "running"
-- (flushed: its output may be a file) once it has run a while.
import Control.Monad
import Data.IORef
import System.IO

main :: IO ()
main = do
  r <- newIORef (0 :: Int)
  forM_ [1 .. 200000 :: Int] $ \i -> modifyIORef' r (\x -> (x + i + sum [1 .. 100]) `mod` 1000003)
  putStrLn "running"
  hFlush stdout
  forever $ modifyIORef' r (\x -> (x + sum [1 .. 1000]) `mod` 1000003)
