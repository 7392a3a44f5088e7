-- Healthy: a working set built once at the start (a table of the data the
-- program serves), then only read for the rest of the run.
module Main (main) where

import qualified Data.Map.Strict as M
import Data.List (foldl')

main :: IO ()
main = do
  let table = M.fromList [(k, k * k `mod` 1009) | k <- [1 .. 60000 :: Int]]
  print (M.size table)
  let query acc i = acc + length (show (M.findWithDefault 0 ((i * 7919) `mod` 60000) table))
  print (foldl' query 0 [1 .. 2000000 :: Int])
