-- Data.Map.Strict.insertWith: each count is forced as it is stored.
module Main (main) where

import Data.List (foldl')
import qualified Data.Map.Strict as M
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
