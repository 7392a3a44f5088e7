-- A growing cache: every lookup that misses adds an entry to a Data.Map
-- that is never trimmed and is still used when the program ends.
module Main (main) where

import qualified Data.Map.Strict as M
import Data.List (foldl')

expensive :: Int -> [Int]
expensive k = [k .. k + 40]

lookupOrAdd :: M.Map Int [Int] -> Int -> (M.Map Int [Int], Int)
lookupOrAdd cache k = case M.lookup k cache of
  Just v -> (cache, sum v)
  Nothing -> let v = expensive k in (M.insert k v cache, sum v)

main :: IO ()
main = do
  let step (c, acc) k = let (c', s) = lookupOrAdd c k in c' `seq` (c', acc + s)
      (cache, total) = foldl' step (M.empty, 0) [(i * 7919) `mod` 60000 | i <- [1 .. 90000 :: Int]]
  print total
  print (M.size cache, sum (map length (M.elems cache)))
