-- Keeps a working set of one size all along: a map of 50,000 entries
-- rewritten in place, round after round.
import qualified Data.Map.Strict as M
import Data.List (foldl')
import System.IO

main :: IO ()
main = do
  hSetBuffering stdout LineBuffering
  let start = M.fromList [(k, k) | k <- [0 .. 50000 :: Int]]
      round' m r = foldl' (\acc k -> M.insert k (k * r `mod` 7919) acc) m [0 .. 50000]
      go m r
        | r > 60 = return m
        | otherwise = do
            let m' = round' m r
            if r `mod` 10 == 0 then print (M.foldl' (+) 0 m') else return ()
            m' `seq` go m' (r + 1)
  m <- go start (1 :: Int)
  print (M.size m)
