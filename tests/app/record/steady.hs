-- Works in constant space: each round's list, of one length, is made and
-- dropped (a list one longer each round grew the live heap's floor, which
-- a run censused often enough judged a leak).
import Control.Monad
import System.Environment

main :: IO ()
main = do
  args <- getArgs
  let rounds = case args of (a : _) -> read a; _ -> 15000 :: Int
  forM_ [1 .. rounds] $ \r -> do
    let s = sum (map (\x -> x * x `mod` 7) [r .. r + 20000])
    when (s < 0) $ print s
  putStrLn "done"
