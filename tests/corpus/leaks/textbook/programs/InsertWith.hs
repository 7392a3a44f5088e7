-- Data.Map.insertWith on the lazy Map: the map itself is forced at each
-- step, but each count is a chain of (+) thunks until the final sum.
module Main (main) where

import Data.List (foldl')
import qualified Data.Map as M
import System.Environment (getArgs)

tally :: [Int] -> M.Map Int Int
tally = foldl' (\m k -> M.insertWith (+) (k `mod` 211) (k `mod` 5) m) M.empty

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1500000 :: Int
  let m = tally [1 .. n]
  print (M.size m)
  print (sum (M.elems m))
