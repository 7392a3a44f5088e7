-- mapM in IO building a big result list: no result is used until every
-- action has run, so the stack holds a frame per action and the results
-- are all live together at the end.
module Main (main) where

import Data.IORef
import System.Environment (getArgs)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 800000 :: Int
  ref <- newIORef (0 :: Int)
  results <- mapM (\k -> do modifyIORef' ref (+ 1); c <- readIORef ref; return $! (k * c) `mod` 1009) [1 .. n]
  print (sum results)
