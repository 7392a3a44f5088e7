-- Counters.hs fixed: strict fields and strict updates, and the audit trail
-- summarised as it comes instead of kept.
module Main (main) where

import Data.IORef
import Control.Monad (forM_)

data Stats = Stats { hits :: !Int, misses :: !Int, bytes :: !Int, audited :: !Int }

-- Some work per item, as a server does per request: the build-up spans the
-- run, not a burst before the final report.
work :: Int -> Int
work k = sum [(k * j) `mod` 7 | j <- [1 .. 40]]

main :: IO ()
main = do
  stats <- newIORef (Stats 0 0 0 0)
  done <- newIORef (0 :: Int)
  forM_ [1 .. 2500000 :: Int] $ \k -> do
    modifyIORef' done (+ work k)
    let hit = k `mod` 3 /= 0
        entry = (if hit then "hit " else "miss ") ++ show k
    modifyIORef' stats (\s -> (if hit then s { hits = hits s + 1, bytes = bytes s + k } else s { misses = misses s + 1 })
                                 { audited = audited s + length entry })
  s <- readIORef stats
  print (hits s, misses s, bytes s, audited s)
  readIORef done >>= print
