-- Works for the seconds its argument says, by the wall clock, allocating
-- almost nothing: GHC's census clock (the program's own work, by the
-- wall, less its collections) then runs that long however fast or loaded
-- the machine is.
{-# LANGUAGE BangPatterns #-}
import GHC.Clock (getMonotonicTime)
import System.Environment

main :: IO ()
main = do
  args <- getArgs
  let !seconds = case args of (a : _) -> read a; _ -> 0.6 :: Double
  start <- getMonotonicTime
  let spin :: Int -> IO Int
      spin !n = do
        now <- getMonotonicTime
        if now - start > seconds then return n else spin (n + 1)
  n <- spin 0
  putStrLn (if n > 0 then "done" else "no time")
