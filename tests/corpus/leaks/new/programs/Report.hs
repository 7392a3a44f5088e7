-- A report kept whole: each request's line is rendered to a strict
-- ByteString (bytes in ARR_WORDS closures, which -hb counts as
-- INHERENT_USE) and appended to the report, written only at the end.
module Main (main) where

import qualified Data.ByteString.Char8 as B
import Data.IORef
import Control.Monad (forM_)

render :: Int -> B.ByteString
render k = B.pack ("request " ++ show k ++ ": " ++ replicate (40 + k `mod` 60) (toEnum (97 + k `mod` 26)) ++ "\n")

main :: IO ()
main = do
  report <- newIORef []
  forM_ [1 .. 300000 :: Int] $ \k -> do
    let line = render k
    B.length line `seq` modifyIORef' report (line :)
  ls <- readIORef report
  B.putStr (B.concat (take 3 (reverse ls)))
  print (length ls)
