-- A bounded memo: results for the 5,000 keys a service is asked about are
-- kept in a strict Map as they are first computed (a new key every 100
-- requests, for the first third of the run); once every key has been seen
-- the memo stops growing and the run goes on flat. Healthy.
module Main (main) where

import Data.IORef
import Control.Monad (forM_)
import qualified Data.Map.Strict as M
import System.Environment (getArgs)

expensive :: Int -> [Int]
expensive k = take 20 (iterate (\x -> (x * 7 + k) `mod` 10007) k)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        _ -> 1500000 :: Int
  memo <- newIORef (M.empty :: M.Map Int [Int])
  total <- newIORef (0 :: Int)
  forM_ [1 .. n] $ \i -> do
    let key = (i `div` 100) `mod` 5000
    m <- readIORef memo
    v <- case M.lookup key m of
      Just v -> return v
      Nothing -> do
        let v = expensive key
        sum v `seq` writeIORef memo (M.insert key v m)
        return v
    modifyIORef' total (+ head v)
  readIORef total >>= print
