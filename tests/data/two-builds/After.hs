-- The fix of Before.hs: two lines longer at the top, and the loop keeps
-- half as many rounds (take 4, not take 8).
-- Cost centres that share a label: with -fprof-auto, each equation's local
-- `go` is labelled "chunk.go" and each pattern binding in `pairs`'s where
-- clause "pairs.(...)", at different source locations. Stacks through them
-- differ only in which one, so a .hp tells them apart by "(id)" alone.
module Main (main) where

import Control.Exception (evaluate)
import System.Environment (getArgs)

chunk :: Int -> [Int]
chunk 0 = go 1000 where go k = [k .. k + 20000]
chunk n = go n where go k = map (* k) [1 .. 20000]

pairs :: Int -> ([Int], [Int])
pairs n = (as, bs)
  where
    (as, _) = (map (+ n) [1 .. 30000], 'a')
    (bs, _) = (map (* n) [1 .. 30000], 'b')

main :: IO ()
main = do
  args <- getArgs
  let rounds = case args of
        [r] -> read r
        _ -> 40
  loop rounds []
  where
    loop :: Int -> [[Int]] -> IO ()
    loop 0 kept = print (sum (map length kept))
    loop r kept = do
      let (as, bs) = pairs r
          c = chunk (r `mod` 2)
      _ <- evaluate (sum as + sum bs + sum c)
      loop (r - 1) (as : bs : c : take 4 kept)
