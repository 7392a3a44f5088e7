-- Healthy, phased: one job run six times on growing inputs, each run's data
-- built, used and dropped (the heap back near its floor between runs); the
-- last run, the largest, takes about a third of the time and the program
-- exits right after it, so its data is still live at the last census.
module Main (main) where

import qualified Data.Map.Strict as M
import Control.Monad (forM_)

job :: Int -> Int
job n =
  let table = M.fromList [(k, show (k * 31 `mod` 1009)) | k <- [1 .. n]]
      total = sum [length s | s <- M.elems table]
  in total + sum [M.findWithDefault "" k table `seq` k | k <- [1, 7 .. n]] `mod` 7

main :: IO ()
main = forM_ [20000, 40000, 60000, 80000, 100000, 240000] $ \n -> print (job n)
