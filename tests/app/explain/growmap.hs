-- A map that only grows: `remember` inserts every reading into a strict
-- Map held by main's loop, and nothing is ever deleted. Made by
-- `remember`, held by the loop (the stack: SYSTEM). An argument sets how
-- many readings (default 200,000).
import qualified Data.Map.Strict as M
import System.Environment

remember :: Int -> Double -> M.Map Int Double -> M.Map Int Double
remember k v m = M.insert k v m

reading :: Int -> Double
reading i = fromIntegral (i * 7919 `mod` 1000) / 10

loop :: Int -> Int -> M.Map Int Double -> IO (M.Map Int Double)
loop n i m
  | i > n = return m
  | otherwise = let m' = remember i (reading i) m in m' `seq` loop n (i + 1) m'

main :: IO ()
main = do
  args <- getArgs
  let n = case args of (a : _) -> read a; _ -> 200000
  m <- loop n 1 M.empty
  print (M.size m, sum (M.elems m))
