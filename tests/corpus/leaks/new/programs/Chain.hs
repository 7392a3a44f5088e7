-- A thunk chain: `iterate step w !! n` builds n nested thunks of `step`
-- (nothing forces the elements on the way), then the final print forces
-- the chain from the top, a stack frame a link. The heap holds the chain's
-- peak at once and falls as it is forced: no ramp.
module Main (main) where

import qualified Data.Map as M

data World = World { ticks :: !Int, seen :: M.Map Int Int }

step :: World -> World
step (World t s) = World (t + 1) (M.insertWith (+) (t `mod` 64) t s)

main :: IO ()
main = do
  let w = iterate step (World 0 M.empty) !! 400000
  print (ticks w, M.foldl' (+) 0 (seen w))
