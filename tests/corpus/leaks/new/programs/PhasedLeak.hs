-- Phased.hs with a leak across its runs: each run's summary keeps a lazy
-- reference to the run's whole table (a thunk over it), and the summaries
-- are kept to the end, so the floor between runs rises with every run.
module Main (main) where

import qualified Data.Map.Strict as M
import Data.IORef
import Control.Monad (forM_)

job :: Int -> (Int, Int)
job n =
  let table = M.fromList [(k, show (k * 31 `mod` 1009)) | k <- [1 .. n]]
      total = sum [length s | s <- M.elems table]
  in (total, M.foldl' (\a s -> a + length s) 0 table `div` 3)  -- the second forced only at the end

main :: IO ()
main = do
  kept <- newIORef []
  forM_ [20000, 40000, 60000, 80000, 100000, 240000] $ \n -> do
    let (total, later) = job n
    print total
    modifyIORef' kept (later :)
  readIORef kept >>= print . sum
