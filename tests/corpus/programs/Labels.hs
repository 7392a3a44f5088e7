-- Label collisions: two modules define functions of the same names (go,
-- table), each keeps its own data alive, and so do two local functions of
-- one name in Main.
module Main (main) where

import qualified Labels.A as A
import qualified Labels.B as B

main :: IO ()
main = do
  let a = A.table 30000
      b = B.table 30000
  print (A.go a + B.go b)
  let c = A.table 20000
      d = B.table 20000
  print (A.go c + B.go d + A.go a + B.go b)
