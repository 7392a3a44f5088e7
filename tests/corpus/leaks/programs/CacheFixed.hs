-- Cache.hs fixed: the cache is bounded (when it is full the lower half of
-- its keys is dropped, so it stays near a fixed size) and the running total
-- is kept strict (Cache.hs's lazy total is a second leak).
module Main (main) where

import qualified Data.Map.Strict as M
import Data.List (foldl')

expensive :: Int -> [Int]
expensive k = [k .. k + 40]

limit :: Int
limit = 4000

lookupOrAdd :: M.Map Int [Int] -> Int -> (M.Map Int [Int], Int)
lookupOrAdd cache k = case M.lookup k cache of
  Just v -> (cache, sum v)
  Nothing ->
    let v = expensive k
        trimmed = if M.size cache >= limit then M.fromDistinctAscList (drop (limit `div` 2) (M.toAscList cache)) else cache
    in (M.insert k v trimmed, sum v)

main :: IO ()
main = do
  let step (c, acc) k = let (c', s) = lookupOrAdd c k; acc' = acc + s in c' `seq` acc' `seq` (c', acc')
      (cache, total) = foldl' step (M.empty, 0) [(i * 7919) `mod` 60000 | i <- [1 .. 90000 :: Int]]
  print total
  print (M.size cache)
