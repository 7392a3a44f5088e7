-- Works in constant space: each round's list is made and dropped.
import Control.Monad
import System.Environment

main :: IO ()
main = do
  args <- getArgs
  let rounds = case args of (a : _) -> read a; _ -> 15000 :: Int
  forM_ [1 .. rounds] $ \r -> do
    let s = sum (map (\x -> x * x `mod` 7) [1 .. 20000 + r])
    when (s < 0) $ print s
  putStrLn "done"
