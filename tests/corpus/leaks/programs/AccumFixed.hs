-- Accum.hs fixed: strict modifyIORef' and Data.Map.Strict, so each update
-- is done at once and nothing builds up.
module Main (main) where

import Data.IORef
import qualified Data.Map.Strict as M
import Control.Monad (forM_)

-- Some work per item, as a server does per request: the build-up spans the
-- run, not a burst before the final report.
work :: Int -> Int
work k = sum [(k * j) `mod` 7 | j <- [1 .. 40]]

main :: IO ()
main = do
  counter <- newIORef (0 :: Int)
  histogram <- newIORef (M.empty :: M.Map Int Int)
  done <- newIORef (0 :: Int)
  forM_ [1 .. 3000000 :: Int] $ \k -> do
    modifyIORef' done (+ work k)
    modifyIORef' counter (+ k `mod` 3)
    modifyIORef' histogram (M.insertWith (+) (k `mod` 97) 1)
  readIORef counter >>= print
  h <- readIORef histogram
  print (M.foldl' (+) 0 h)
  readIORef done >>= print
