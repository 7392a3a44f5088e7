-- Eras (GHC 9.10, +RTS -he): each phase of the program is an era, and the
-- data made in one phase and kept stays labelled with its era.
module Main (main) where

import GHC.Profiling.Eras (incrementUserEra, setUserEra)
import Control.Monad (forM)

phase :: Int -> IO [Int]
phase p = do
  _ <- incrementUserEra 1
  let xs = [p * 100000 .. p * 100000 + 40000]
  print (sum xs)
  return xs

main :: IO ()
main = do
  setUserEra 1
  kept <- forM [1 .. 5] phase
  print (sum (map length kept))
