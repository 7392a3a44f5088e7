-- A ByteString slice pins its input: each 128 KiB record is read (made)
-- whole and only its first 16 bytes kept, but the slice shares the whole
-- pinned buffer, so every record stays live.
module Main (main) where

import qualified Data.ByteString as B
import qualified Data.ByteString.Char8 as C
import Data.List (foldl')
import System.Environment (getArgs)

record :: Int -> B.ByteString
record k = C.pack (show k) <> B.replicate (131072 - 8) (fromIntegral (k `mod` 251))

checksum :: B.ByteString -> Int
checksum = B.foldl' (\a w -> (a * 31 + fromIntegral w) `mod` 1000003) 7

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 400 :: Int
  let step (keys, total) k = let r = record k; t = total + checksum r in t `seq` (B.take 16 r : keys, t)
      (keys, total) = foldl' step ([], 0) [1 .. n]
  print total
  print (sum (map B.length keys))
