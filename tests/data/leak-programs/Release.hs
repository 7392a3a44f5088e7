-- Builds a large table, uses it, lets go of it, then works in little
-- memory for as long again.
import qualified Data.Map.Strict as M
import Data.List (foldl')
import System.IO

main :: IO ()
main = do
  hSetBuffering stdout LineBuffering
  let table = M.fromList [(k, [k .. k + 20]) | k <- [0 .. 150000 :: Int]]
  print (M.size table)
  print (foldl' (+) 0 (map sum (M.elems table)))
  -- From here on the table is dead: a strict loop in constant space.
  let spin :: Int -> Int -> Int
      spin acc 0 = acc
      spin acc n = spin ((acc * 31 + n) `mod` 1000003) (n - 1)
  mapM_ (\r -> print (spin r 20000000)) [1 .. 6]
