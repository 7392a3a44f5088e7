-- Works in constant space: each round's list, of one length, is made and
-- consumed as it is made (a list one longer each round grew the live heap's
-- floor, which a run censused often enough judged a leak; a lazy sum left
-- each round a chain of thunks, a profiled build's 1 MB teeth of Int, whose
-- censuses on a loaded machine once read as a rising floor).
import Control.Monad
import Data.List (foldl')
import System.Environment

main :: IO ()
main = do
  args <- getArgs
  let rounds = case args of (a : _) -> read a; _ -> 15000 :: Int
  forM_ [1 .. rounds] $ \r -> do
    let s = foldl' (\a x -> a + x * x `mod` 7) 0 [r .. r + 20000]
    when (s < 0) $ print s
  putStrLn "done"
