-- Report.hs writing each line as it is rendered, keeping only the count.
module Main (main) where

import qualified Data.ByteString.Char8 as B
import System.IO
import Data.IORef
import Control.Monad (forM_, when)

render :: Int -> B.ByteString
render k = B.pack ("request " ++ show k ++ ": " ++ replicate (40 + k `mod` 60) (toEnum (97 + k `mod` 26)) ++ "\n")

main :: IO ()
main = do
  count <- newIORef (0 :: Int)
  h <- openFile "/dev/null" WriteMode
  forM_ [1 .. 300000 :: Int] $ \k -> do
    let line = render k
    B.hPut h line
    when (k <= 3) (B.putStr line)
    modifyIORef' count (+ 1)
  hClose h
  readIORef count >>= print
