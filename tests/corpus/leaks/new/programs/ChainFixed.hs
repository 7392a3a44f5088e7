-- Chain.hs with each step forced as it is taken: a strict loop over a
-- strict map, in constant space.
module Main (main) where

import qualified Data.Map.Strict as M

data World = World { ticks :: !Int, seen :: !(M.Map Int Int) }

step :: World -> World
step (World t s) = World (t + 1) (M.insertWith (+) (t `mod` 64) t s)

run :: Int -> World -> World
run 0 w = w
run n w = let w' = step w in w' `seq` run (n - 1) w'

main :: IO ()
main = do
  let w = run 400000 (World 0 M.empty)
  print (ticks w, M.foldl' (+) 0 (seen w))
