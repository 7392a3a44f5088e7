-- Lazy counters and a lazy audit trail: a record of counters updated with
-- lazy record updates, and an audit log consed onto lazily, both built for
-- the whole run and forced only by the final report.
module Main (main) where

import Data.IORef
import Control.Monad (forM_)

data Stats = Stats { hits :: Int, misses :: Int, bytes :: Int }

-- Some work per item, as a server does per request: the build-up spans the
-- run, not a burst before the final report.
work :: Int -> Int
work k = sum [(k * j) `mod` 7 | j <- [1 .. 40]]

main :: IO ()
main = do
  stats <- newIORef (Stats 0 0 0)
  audit <- newIORef []
  done <- newIORef (0 :: Int)
  forM_ [1 .. 250000 :: Int] $ \k -> do
    modifyIORef' done (+ work k)
    let hit = k `mod` 3 /= 0
    modifyIORef stats (\s -> if hit then s { hits = hits s + 1, bytes = bytes s + k } else s { misses = misses s + 1 })
    modifyIORef audit (\a -> ((if hit then "hit " else "miss ") ++ show k) : a)
  s <- readIORef stats
  print (hits s, misses s, bytes s)
  a <- readIORef audit
  print (length (concat a))
  readIORef done >>= print
