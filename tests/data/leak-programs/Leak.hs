-- Leaks to the end: every step adds entries to a map that is never
-- trimmed, and the map is still read when the program ends.
import qualified Data.Map.Strict as M
import Data.List (foldl')
import System.IO

step :: M.Map Int [Int] -> Int -> M.Map Int [Int]
step m k = M.insert k [k .. k + 20] m

main :: IO ()
main = do
  hSetBuffering stdout LineBuffering
  let go m k
        | k > 300000 = return m
        | otherwise = do
            let m' = step m k
            if k `mod` 30000 == 0 then print (M.size m') else return ()
            m' `seq` go m' (k + 1)
  m <- go M.empty (0 :: Int)
  print (foldl' (+) 0 (map sum (M.elems m)))
  print (M.size m)
