-- Leaks as growmap does, but counts its runs in the file COUNTER (its
-- first argument) and fails on the third.
import qualified Data.Map.Strict as M
import System.Environment
import System.Exit
import System.IO

remember :: Int -> M.Map Int Int -> M.Map Int Int
remember k m = M.insert k (k * 2) m

main :: IO ()
main = do
  (counter : rest) <- getArgs
  old <- readFile counter
  let runs = length (lines old) + 1
  length old `seq` appendFile counter "run\n"
  if runs == 3 then hPutStrLn stderr "thirdfails: third run" >> exitWith (ExitFailure 2) else return ()
  let n = case rest of (a : _) -> read a; _ -> 200000
      m = foldr remember M.empty [1 .. n]
  print (M.size m)
